// Lists in student-facing sentences, as the course's texts write them: "a", "a and b", "a, b and c"
// (or "a, b or c").
export function listed(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)!}`;
}
