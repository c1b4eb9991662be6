/**
 * Work a route does after it has answered, so the answer cannot tell what the work found: a
 * password reset answers 202 before it looks the address up, whether an account has it or not
 * (decision 0046). Each task starts once the answer has been handed to the network; a failure is
 * reported, never thrown. The server's stop waits for the tasks under way before
 * the pool closes, and the tests wait for them (`settled`) before reading what they wrote.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  /** Runs `task` once `answered` has been handed to the network (its `finish`), or the client went away. */
  run(answered: NodeJS.EventEmitter, task: () => Promise<void>, onError: (error: unknown) => void): void {
    const done: Promise<void> = new Promise<void>((resolve) => {
      answered.once('finish', resolve);
      answered.once('close', resolve);
    })
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(task)
      .catch(onError)
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once every task started so far (and any they started) has finished. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
