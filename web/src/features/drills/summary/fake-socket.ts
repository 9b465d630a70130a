type Listener = (...args: unknown[]) => void;

interface Sent {
  event: string;
  payload: unknown;
  answer?: (answer: unknown) => void;
}

/**
 * What the summary uses of a Socket.IO client socket, driven by the tests: events the server
 * pushes (`fire`), the connection, and the answers to `timeout(ms).emitWithAck(…)`.
 */
export class FakeConsoleSocket {
  connected = true;
  recovered = false;
  readonly emitted: Sent[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  reset(): void {
    this.connected = true;
    this.emitted.length = 0;
  }
  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  emit(event: string, payload: unknown): this {
    this.emitted.push({ event, payload });
    return this;
  }
  timeout(_ms: number) {
    return {
      emitWithAck: (event: string, payload: unknown) =>
        new Promise<unknown>((resolve) => {
          this.emitted.push({ event, payload, answer: resolve });
        }),
    };
  }
  /** The server pushes an event (or the connection changes). */
  fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
  /** Answers every acknowledgement still waiting. */
  answerAll(answer: unknown): void {
    for (const sent of this.emitted) {
      sent.answer?.(answer);
      delete sent.answer;
    }
  }
  sent(event: string): Sent[] {
    return this.emitted.filter((e) => e.event === event);
  }
}
