/**
 * Work done a few pieces per turn of Node's event loop, the rest in the turns after, in order.
 *
 * Node answers every socket that is ready in one turn before it polls again. Under a crowd that
 * reads in a closed loop (a drop's product page, 500 connections), a turn is hundreds of answers
 * long, and a request that makes several round trips to the database (an order) waits a whole turn
 * for each reply. Answers queued here run in the turn's check phase, at most `perTurn` of them, so
 * a turn stays short and the database's replies are read between two slices of the crowd. The
 * crowd gets the same share of the CPU, in the order it came.
 *
 * A task must not throw: it answers its own request, failures included.
 */
export interface TurnQueue {
  run(task: () => void): void;
  /** Tasks queued and not yet run. */
  readonly waiting: number;
}

export function createTurnQueue(perTurn: number): TurnQueue {
  if (!Number.isInteger(perTurn) || perTurn < 1) throw new Error('perTurn must be a positive integer');
  // Taken from the front a turn's share at a time: under a crowd that never lets it empty, it
  // holds what waits and nothing more.
  const tasks: (() => void)[] = [];
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // Scheduled from the check phase itself, an immediate runs in the next turn, after a poll.
    setImmediate(turn);
  };
  const turn = () => {
    scheduled = false;
    const share = tasks.splice(0, perTurn);
    if (tasks.length > 0) schedule();
    for (const task of share) task();
  };
  return {
    run(task) {
      tasks.push(task);
      schedule();
    },
    get waiting() {
      return tasks.length;
    },
  };
}
