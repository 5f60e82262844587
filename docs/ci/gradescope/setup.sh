#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image. The autograder zip
# is the course repository itself (with this file and run_autograder at its root), which
# Gradescope unpacks into /autograder/source: this installs Node 20 and the course's packages.
# GRADE_COURSE_DIR overrides the folder (the test runs this file against a checkout).
set -euo pipefail
COURSE="${GRADE_COURSE_DIR:-/autograder/source}"
cd "$COURSE"

node_ok() {
  command -v node >/dev/null 2>&1 && node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)'
}
if ! node_ok; then
  # Gradescope's Ubuntu images carry no Node 20: NodeSource's package, as its docs say.
  apt-get update -qq
  apt-get install -y -qq ca-certificates curl
  curl -fsSL https://deb.nodesource.com/setup_20.x | bash -
  apt-get install -y -qq nodejs
fi
# The exact packages of package-lock.json; already there when the image is built again from a cache.
if [ ! -f node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
# One grading now, so that the first student does not pay for building grade's bundle.
node bin/grade.js --dir starters --no-live >/dev/null 2>&1 || true
