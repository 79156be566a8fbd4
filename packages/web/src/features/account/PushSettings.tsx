// 'Notifications when away': this browser subscribes to the server's push (alerts that come while none of the
// player's tabs is open arrive together as one notification), or stops; and which kinds may come, for every
// browser of the player's.
import {
  type PlayerAlertKind,
  type PushPreferences,
  type PushSubscribeBody,
  pushKindLabels,
} from "@bot-arena/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellOff, BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { call } from "../../app/call";
import { queryKeys } from "../../app/queryKeys";
import { Button } from "../../ui/Button";
import { type BrowserPush, browserPush } from "./pushBrowser";

const preferencesQuery = () =>
  queryOptions({
    queryKey: queryKeys.pushPreferences,
    queryFn: ({ signal }) => call("pushPreferences", {}, signal),
  });

type State = "checking" | "unsupported" | "off" | "on";

export function PushSettings({ push = browserPush }: { push?: BrowserPush }) {
  const [state, setState] = useState<State>("checking");
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const preferences = useQuery(preferencesQuery());

  useEffect(() => {
    if (!push.supported()) {
      setState("unsupported");
      return;
    }
    let live = true;
    push
      .current()
      .then((subscription) => live && setState(subscription ? "on" : "off"))
      .catch(() => live && setState("off"));
    return () => {
      live = false;
    };
  }, [push]);

  const setKind = useMutation({
    mutationFn: (change: { kind: PlayerAlertKind; on: boolean }) =>
      call("setPushPreferences", { body: { kinds: { [change.kind]: change.on } } }),
    onSuccess: (answer) => queryClient.setQueryData<PushPreferences>(queryKeys.pushPreferences, answer),
    onError: (error) => toast.error(errorMessage(error, "Could not save the notification choice")),
  });

  async function enable() {
    setBusy(true);
    try {
      const { publicKey } = await call("pushKey");
      const subscription = await push.subscribe(publicKey);
      if (subscription === "denied") {
        toast.error("Notifications are blocked for this site: allow them in the browser's settings.");
        return;
      }
      await call("pushSubscribe", { body: subscription.toJSON() as PushSubscribeBody });
      setState("on");
    } catch (error) {
      toast.error(errorMessage(error, "Could not turn notifications on"));
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setBusy(true);
    try {
      const subscription = await push.current();
      if (subscription) {
        await call("pushUnsubscribe", { body: { endpoint: subscription.endpoint } }).catch(() => {});
        await subscription.unsubscribe();
      }
      setState("off");
    } catch (error) {
      toast.error(errorMessage(error, "Could not turn notifications off"));
    } finally {
      setBusy(false);
    }
  }

  if (state === "unsupported") {
    return <p className="text-muted">This browser cannot show notifications from the game.</p>;
  }
  const kinds = preferences.data?.kinds;
  return (
    <div className="space-y-4">
      <p className="text-muted">
        When none of your tabs is open, alerts reach this device as one notification for all that came
        meanwhile, such as 'You were attacked 3 times'.
      </p>
      {state === "on" ? (
        <Button
          variant="ghost"
          busy={busy}
          icon={<BellOff className="size-4" aria-hidden="true" />}
          onClick={disable}
        >
          Turn Off on This Device
        </Button>
      ) : (
        <Button
          busy={busy || state === "checking"}
          icon={<BellRing className="size-4" aria-hidden="true" />}
          onClick={enable}
        >
          Turn On on This Device
        </Button>
      )}
      {kinds ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-ink">Which alerts may come</legend>
          {(Object.keys(pushKindLabels) as PlayerAlertKind[]).map((kind) => (
            <label key={kind} className="flex cursor-pointer items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                className="size-5 cursor-pointer accent-cyan"
                checked={kinds[kind]}
                disabled={setKind.isPending}
                onChange={(event) => setKind.mutate({ kind, on: event.target.checked })}
              />
              {pushKindLabels[kind]}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
