/**
 * A reader of `text/event-stream` (server-sent events, as the HTML standard defines them) for
 * a stream read with `fetch`: text goes in as it arrives, in pieces of any size, and each
 * complete event comes out once its blank line has arrived.
 *
 * - `event: NAME` names the event (`message` when absent); `data:` lines are joined with
 *   newlines; `id:` and `retry:` (milliseconds) are kept; other fields are ignored;
 * - lines starting with `:` are comments (the server's keep-alives);
 * - lines end with `\n`, `\r\n` or `\r`; one space after the colon is not part of the value;
 * - an event without any `data:` line is not dispatched.
 */
export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  /** A `\r` ended the last piece: a `\n` starting the next one belongs to it. */
  private pendingCr = false;
  /** The last `retry:` sent, in milliseconds; null until one is. */
  retry: number | null = null;

  /** Feeds the next piece of text; answers the events it completed, in order. */
  push(text: string): StreamEvent[] {
    let chunk = text;
    if (this.pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.pendingCr = false;
    this.buffer += chunk;
    const events: StreamEvent[] = [];
    for (;;) {
      const end = this.buffer.search(/[\r\n]/);
      if (end < 0) break;
      const line = this.buffer.slice(0, end);
      let next = end + 1;
      if (this.buffer[end] === '\r') {
        if (end + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[end + 1] === '\n') next = end + 2;
      }
      this.buffer = this.buffer.slice(next);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  private line(line: string): StreamEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.event = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
    return null;
  }

  private dispatch(): StreamEvent | null {
    const hasData = this.data.length > 0;
    const event: StreamEvent = { event: this.event || 'message', data: this.data.join('\n'), id: this.id };
    this.event = '';
    this.data = [];
    return hasData ? event : null;
  }
}
