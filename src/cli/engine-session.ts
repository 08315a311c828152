// The engine's session for a command: the command's client, the run's redactor and clock, and its
// events rendered as the CLI shows them: the progress display, one line per call as it ends, the
// report of a round of calls that stopped, and whatever else listens (apply's JSON report).

import type { ApiClient } from "../api/client-types.ts";
import type { EngineEvent, EngineListener } from "../engine/events.ts";
import { createSession, type Session } from "../engine/session.ts";
import { callLogText } from "../engine/words.ts";
import type { RequestCounter } from "../front/connection.ts";
import type { Plan } from "../model/plan.ts";
import type { CommandContext } from "./context.ts";

export interface SessionHooks {
  /** Counts the requests the client sends, for what apply reports. */
  counter?: RequestCounter;
  /** The plan an apply is about to make: the command shows it. */
  planned?: (plan: Plan) => void;
  /** Told every event as well (apply's JSON report). */
  listen?: EngineListener | undefined;
}

export function commandSession(
  context: CommandContext,
  client: ApiClient,
  hooks: SessionHooks = {},
): Session {
  const { output } = context;
  const say = (text: string) => output.out(context.secrets.redact(text));
  const { counter } = hooks;
  const onEvent = (event: EngineEvent): void => {
    hooks.listen?.(event);
    switch (event.type) {
      case "progress":
      case "wait":
        output.progress?.listen(event);
        return;
      case "planned":
        hooks.planned?.(event.plan);
        return;
      case "call-ended":
      case "calls-stopped":
        say(callLogText(event, output.style) ?? "");
        return;
      case "configuration":
      case "applied":
      case "already-applied":
      case "warning":
        return;
    }
  };
  return createSession({
    client,
    secrets: context.secrets,
    ...(context.kinds ? { kinds: context.kinds } : {}),
    ...(context.clock ? { clock: context.clock } : {}),
    ...(counter ? { sent: () => counter.sent } : {}),
    onEvent,
  });
}
