// How many imports one instance runs at once: the rest wait in the order they came, each told its
// place in the line whenever that changes (the import dialog shows it), so a burst of uploads
// queues instead of taking every core and the memory from the other users' calls.

export class ImportSlots {
  private running = 0;
  private readonly waiting: { start: () => void; told: (place: number) => void }[] = [];

  constructor(private readonly max: number) {}

  /**
   * Resolves when this import may run, with the function that frees its slot (call it once, however
   * the import ends). While it waits, `told` hears its place in the line (1: next to run).
   */
  take(told: (place: number) => void): Promise<() => void> {
    return new Promise((resolve) => {
      const start = () => {
        this.running++;
        let freed = false;
        resolve(() => {
          if (freed) return;
          freed = true;
          this.running--;
          this.next();
        });
      };
      if (this.running < this.max && this.waiting.length === 0) return start();
      this.waiting.push({ start, told });
      told(this.waiting.length);
    });
  }

  /** Imports running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private next(): void {
    while (this.running < this.max && this.waiting.length > 0) this.waiting.shift()!.start();
    for (const [i, w] of this.waiting.entries()) w.told(i + 1);
  }
}
