import type { AppContext } from '../../../context.ts';
import { OffsetClock } from '../../../lib/offset-clock.ts';
import { defineRoute } from '../../../lib/route.ts';
import { clockState, moveClockPayload } from '../schemas.ts';

/** The server's clock, movable outside production (codes expiring, reminders). */
function movableClock(context: AppContext): OffsetClock {
  if (!(context.clock instanceof OffsetClock)) throw new Error('The dev clock routes need the movable clock');
  return context.clock;
}

const stateOf = (clock: OffsetClock) => ({ now: clock.now().toISOString(), offset_seconds: clock.offsetSeconds });

export const getClockRoute = (context: AppContext) => {
  const clock = movableClock(context);
  return defineRoute({
    method: 'GET',
    path: '/api/v1/dev/clock',
    options: { auth: false, description: 'The server clock (development only)', response: { schema: clockState } },
    handler: () => stateOf(clock),
  });
};

export const moveClockRoute = (context: AppContext) => {
  const clock = movableClock(context);
  return defineRoute({
    method: 'POST',
    path: '/api/v1/dev/clock',
    options: {
      auth: false,
      description: 'Move the server clock forward, to a moment, or back to real time with reset (development only)',
      validate: { payload: moveClockPayload },
      response: { schema: clockState },
    },
    handler: ({ payload }) => {
      const { advance_seconds: seconds, to, reset } = payload;
      if (reset) clock.reset();
      if (to) clock.setTo(to);
      if (seconds) clock.advance(seconds * 1000);
      return stateOf(clock);
    },
  });
};
