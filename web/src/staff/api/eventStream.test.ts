import { describe, expect, it } from 'vitest';
import { EventStreamParser } from './eventStream';

describe('the event-stream reader', () => {
  it('a named event, then an unnamed one (message)', () => {
    const parser = new EventStreamParser();
    expect(
      parser.push('event: ready\ndata: {"topics":["storefront.tracking.v1"]}\n\ndata: {"type":"Search"}\n\n'),
    ).toEqual([
      { event: 'ready', data: '{"topics":["storefront.tracking.v1"]}', id: null },
      { event: 'message', data: '{"type":"Search"}', id: null },
    ]);
  });

  it('pieces of any size: an event comes out once its blank line has arrived', () => {
    const parser = new EventStreamParser();
    const text = 'data: {"a":1}\n\nevent: ready\ndata: x\n\n';
    const events = [...text].flatMap((c) => parser.push(c));
    expect(events).toEqual([
      { event: 'message', data: '{"a":1}', id: null },
      { event: 'ready', data: 'x', id: null },
    ]);
    expect(parser.push('data: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'half', id: null }]);
  });

  it('keep-alive comments and events without data are skipped; data lines are joined', () => {
    const parser = new EventStreamParser();
    expect(parser.push(': keep-alive\n\nevent: ping\n\ndata: one\ndata:two\ndata\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo\n', id: null },
    ]);
  });

  it('CRLF and CR line ends, split between pieces too', () => {
    const parser = new EventStreamParser();
    expect(parser.push('data: a\r\n\r\ndata: b\r')).toEqual([{ event: 'message', data: 'a', id: null }]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'message', data: 'b', id: null }]);
    expect(parser.push('data: c\r\rdata: d\n\n')).toEqual([
      { event: 'message', data: 'c', id: null },
      { event: 'message', data: 'd', id: null },
    ]);
  });

  it('keeps the last id and retry; the event name does not carry to the next event', () => {
    const parser = new EventStreamParser();
    expect(parser.push('retry: 5000\nid: 7\nevent: ready\ndata: 1\n\ndata: 2\n\nretry: soon\n')).toEqual([
      { event: 'ready', data: '1', id: '7' },
      { event: 'message', data: '2', id: '7' },
    ]);
    expect(parser.retry).toBe(5000);
  });
});
