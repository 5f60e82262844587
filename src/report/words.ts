// Lists in student-facing sentences, as the course's texts write them: "a", "a and b", "a, b and c".
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)!}`;
}
