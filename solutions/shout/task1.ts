export function shout(text: string): string {
  return `${text.toUpperCase()}!`;
}
