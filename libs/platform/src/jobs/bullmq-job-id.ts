/**
 * BullMQ refuses custom ids containing ':' or looking like integers (those are its own ids).
 * Percent-escaping '%', ':' and the first character of an integer keeps every caller id usable and
 * distinct, and reversible for what callers read back.
 */
export function toBullId(id: string): string {
  const escaped = id.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'));
  return `${parseInt(escaped, 10)}` === escaped ? `%${hex(escaped[0])}${escaped.slice(1)}` : escaped;
}

export function fromBullId(id: string): string {
  return id.replace(/%([0-9A-F]{2})/g, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
}

function hex(char: string): string {
  return char.charCodeAt(0).toString(16).toUpperCase();
}
