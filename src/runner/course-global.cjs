// What `grade/course` is in the batch sandbox: a fresh copy of the course module, which the
// sandbox's harness (vm-harness.ts) provides, so a bundle need not carry the course itself.
module.exports = globalThis.__gradeCourse();
