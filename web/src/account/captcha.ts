/**
 * The self-hosted captcha's puzzle (docs/decisions.md "Captcha"; `GET /account/captcha`, kind
 * `proofOfWork`): find a nonce (1 to 32 of `A-Z a-z 0-9 - _`) such that the SHA-256 of
 * `<challenge>:<nonce>` begins with `difficulty` zero bits; the answer is
 * `<challenge>:<nonce>`. Hashed with the browser's own SHA-256 (`crypto.subtle`), in batches
 * so the page stays responsive (≈ 260,000 hashes at the default difficulty of 18).
 */

/** Hashes computed per batch. */
export const PROOF_OF_WORK_BATCH = 256;

/** Leading zero bits of `bytes`. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    bits += Math.clz32(byte) - 24;
    break;
  }
  return bits;
}

function abortError(): DOMException {
  return new DOMException('The captcha was abandoned', 'AbortError');
}

/**
 * Solves a proof-of-work challenge: resolves to the sign-in's `captcha` value. Rejects with an
 * AbortError when `signal` aborts, and with an Error when the browser has no `crypto.subtle`
 * (pages served over plain http to another host).
 */
export async function solveProofOfWork(challenge: string, difficulty: number, signal?: AbortSignal): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('This browser cannot solve the captcha');
  const encoder = new TextEncoder();
  const prefix = `${challenge}:`;
  for (let start = 0; ; start += PROOF_OF_WORK_BATCH) {
    if (signal?.aborted) throw abortError();
    const nonces = Array.from({ length: PROOF_OF_WORK_BATCH }, (_, i) => (start + i).toString(36));
    const hashes = await Promise.all(nonces.map((nonce) => subtle.digest('SHA-256', encoder.encode(prefix + nonce))));
    for (let i = 0; i < hashes.length; i += 1) {
      if (leadingZeroBits(new Uint8Array(hashes[i]!)) >= difficulty) return prefix + nonces[i]!;
    }
  }
}
