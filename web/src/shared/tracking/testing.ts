/**
 * Test helpers for tracking (only imported by *.test.ts(x) files): an
 * `Image` stub that records the /hawk.png requests and lets a test settle
 * them, and decoding of their parameters.
 */
import { vi } from 'vitest';
import { base64ToUtf8 } from './base64';

export class RecordingImage {
  static all: RecordingImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';

  constructor() {
    RecordingImage.all.push(this);
  }

  get src(): string {
    return this.url;
  }

  set src(value: string) {
    this.url = value;
  }

  fail(): void {
    this.onerror?.();
  }

  load(): void {
    this.onload?.();
  }
}

/** Replaces `Image` with {@link RecordingImage}; returns the list of images created. */
export function recordHawkRequests(): RecordingImage[] {
  RecordingImage.all = [];
  vi.stubGlobal('Image', RecordingImage);
  return RecordingImage.all;
}

export interface HawkRequest {
  path: string;
  params: URLSearchParams;
  et: number;
  cg: string | null;
  cd: string | null;
  r: string | null;
  /** The decoded event JSON. */
  event: Record<string, unknown>;
}

export function parseHawkUrl(src: string): HawkRequest {
  const url = new URL(src, 'http://localhost');
  const t = url.searchParams.get('t') ?? '';
  return {
    path: url.pathname,
    params: url.searchParams,
    et: Number(url.searchParams.get('et')),
    cg: url.searchParams.get('cg'),
    cd: url.searchParams.get('cd'),
    r: url.searchParams.get('r'),
    event: JSON.parse(base64ToUtf8(t)) as Record<string, unknown>,
  };
}

/** The hawk requests made so far (images with a src). */
export function hawkRequests(images: RecordingImage[]): HawkRequest[] {
  return images.filter((i) => i.src).map((i) => parseHawkUrl(i.src));
}
