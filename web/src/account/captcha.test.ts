import { describe, expect, it } from 'vitest';
import { leadingZeroBits, solveProofOfWork } from './captcha';

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

describe('leadingZeroBits', () => {
  it('counts zero bits from the first byte on', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0x00, 0x00, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
});

describe('solveProofOfWork', () => {
  it('answers <challenge>:<nonce> whose hash has the leading zero bits asked for', async () => {
    const answer = await solveProofOfWork('payload.mac', 10);
    const [challenge, nonce] = [answer.slice(0, answer.lastIndexOf(':')), answer.slice(answer.lastIndexOf(':') + 1)];
    expect(challenge).toBe('payload.mac');
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(leadingZeroBits(await sha256(answer))).toBeGreaterThanOrEqual(10);
  });

  it('stops when abandoned', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveProofOfWork('payload.mac', 30, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
