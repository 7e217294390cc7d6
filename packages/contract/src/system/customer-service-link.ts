/**
 * Customer-service links are kept encrypted (spec §9): the stored value is the base64 of the
 * link's UTF-8 bytes XOR-ed with an 8-character key, followed by that key. It hides the links
 * from casual scraping of the settings payload; it is not a secret against a determined reader.
 */
const KEY_LENGTH = 8;

function xorWithKey(bytes: Uint8Array, key: string): Uint8Array {
  const keyBytes = new TextEncoder().encode(key);
  return bytes.map((byte, index) => byte ^ keyBytes[index % keyBytes.length]!);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

export function encryptCustomerServiceLink(link: string, key: string): string {
  if (key.length !== KEY_LENGTH || /[^\x21-\x7e]/.test(key)) {
    throw new Error(`customer-service key must be ${KEY_LENGTH} printable ASCII characters`);
  }
  return toBase64(xorWithKey(new TextEncoder().encode(link), key)) + key;
}

/** Returns the link, or null when the value is not a well-formed encrypted link. */
export function decryptCustomerServiceLink(value: string): string | null {
  if (value.length <= KEY_LENGTH) return null;
  const key = value.slice(-KEY_LENGTH);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(xorWithKey(fromBase64(value.slice(0, -KEY_LENGTH)), key));
  } catch {
    return null;
  }
}
