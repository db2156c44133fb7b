import { type FormEvent, useId, useState } from 'react';
import { PAYMENT_CHANNEL_LABELS, PAYMENT_CHANNELS, type PaymentChannel } from '#shared/payment-channels';
import { type PaymentOptions, paymentSettingsRequest } from '#shared/schemas/settings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { isPermissionError } from './form-errors';
import { usePaymentSettings, useSavePaymentSettings } from './settings-api';

const MODES = {
  live: { label: 'Live', tone: 'green', text: 'Real cards are charged through Paystack.' },
  test: { label: 'Test', tone: 'amber', text: "Paystack's test mode: no real money moves." },
  simulator: {
    label: 'Simulator',
    tone: 'blue',
    text: 'No Paystack keys are set: the built-in Paystack simulator takes payments. Nothing is charged.',
  },
  off: {
    label: 'Off',
    tone: 'red',
    text: 'No Paystack keys are set and the simulator is not allowed: shoppers cannot pay.',
  },
} as const;

/** What each channel means to a shopper in Paystack's window. */
const CHANNEL_HINTS: Record<PaymentChannel, string> = {
  card: 'Debit or credit card: paid at once.',
  bank_transfer:
    'An account number to pay into from any bank app. The order waits up to 3 hours for the bank to confirm it.',
  ussd: 'A code to dial on the phone registered with the bank. The order waits up to 1 hour.',
  bank: "Paid from the shopper's bank account, approved in their bank.",
};

/**
 * Settings → Payment. The ways to pay are the admin's: the channels Paystack's window offers and
 * pay on delivery. The mode and keys are read-only: they live in the server's environment and the
 * secret key is never stored or shown (docs/decisions/2026-11-23-payment-settings.md).
 */
export function PaymentPanel() {
  const query = usePaymentSettings();
  const [copied, setCopied] = useState(false);
  if (query.isPending) return <Loading what="payment settings" />;
  if (query.isError) {
    return <LoadError message="Failed to load payment settings" onRetry={() => void query.refetch()} />;
  }
  const { mode, publicKey, webhookUrl, channels, payOnDelivery } = query.data;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhookUrl);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="max-w-2xl space-y-4">
      <WaysToPayForm
        key={JSON.stringify({ channels, payOnDelivery })}
        options={{ channels, payOnDelivery }}
      />
      <Card>
        <dl className="space-y-4 text-sm">
          <div>
            <dt className="font-semibold text-neutral-800">Mode</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <Badge tone={MODES[mode].tone}>{MODES[mode].label}</Badge>
              <span className="text-neutral-700">{MODES[mode].text}</span>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-neutral-800">Public key</dt>
            <dd className="mt-1 break-all font-mono text-neutral-700">
              {publicKey ?? 'None (no Paystack keys set)'}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-neutral-800">Webhook URL</dt>
            <dd className="mt-1">
              <p className="break-all rounded bg-neutral-100 px-3 py-2 font-mono">{webhookUrl}</p>
              <p className="mt-1 text-neutral-600">
                Paste it into Paystack's dashboard: Settings → API Keys &amp; Webhooks → Webhook URL.
              </p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy webhook URL'}
              </Button>
              <span role="status" className="sr-only">
                {copied ? 'Webhook URL copied' : ''}
              </span>
            </dd>
          </div>
        </dl>
      </Card>
      <p className="text-sm text-neutral-600">
        The mode follows the keys in the server's environment (<code>PAYSTACK_SECRET_KEY</code>,{' '}
        <code>PAYSTACK_PUBLIC_KEY</code>): an <code>sk_live_</code> key is live, any other key is test, no
        keys is the simulator. The secret key never leaves the server, so it is changed there and not here.
      </p>
    </div>
  );
}

/** The channels Paystack's window offers (at least one) and the pay-on-delivery switch. */
function WaysToPayForm({ options }: { options: PaymentOptions }) {
  const save = useSavePaymentSettings();
  const [channels, setChannels] = useState<PaymentChannel[]>(options.channels);
  const [payOnDelivery, setPayOnDelivery] = useState(options.payOnDelivery);
  const [channelsError, setChannelsError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const legendId = useId();
  const errorId = useId();

  const toggle = (channel: PaymentChannel, on: boolean) => {
    setChannelsError(undefined);
    setChannels((current) =>
      on
        ? PAYMENT_CHANNELS.filter((c) => c === channel || current.includes(c))
        : current.filter((c) => c !== channel),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = paymentSettingsRequest.safeParse({ channels, payOnDelivery });
    if (!parsed.success) {
      setChannelsError(parsed.error.issues.find((issue) => issue.path[0] === 'channels')?.message);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Success', 'Payment settings saved'),
      onError: (error) => {
        // The list's message, or one of its entries' ('channels.1').
        const refused =
          error instanceof ApiError
            ? Object.entries(error.fields).find(([field]) => field.split('.')[0] === 'channels')
            : undefined;
        if (refused) setChannelsError(refused[1]);
        const message = errorMessage(error, 'Failed to save payment settings. Please try again.');
        setFormError(message);
        toast.error(isPermissionError(error) ? 'Permission Denied' : 'Error', message);
      },
    });
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-5">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <fieldset aria-describedby={channelsError ? errorId : undefined}>
          <legend id={legendId} className="text-sm font-semibold text-neutral-800">
            Ways to pay in Paystack's window
          </legend>
          <p className="mt-1 text-sm text-neutral-600">
            Paystack offers the shopper the channels ticked here. Choose at least one.
          </p>
          <div className="mt-2 space-y-1">
            {PAYMENT_CHANNELS.map((channel) => (
              <CheckboxField
                key={channel}
                label={PAYMENT_CHANNEL_LABELS[channel]}
                hint={CHANNEL_HINTS[channel]}
                checked={channels.includes(channel)}
                onChange={(event) => toggle(channel, event.currentTarget.checked)}
              />
            ))}
          </div>
          {channelsError ? (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
              {channelsError}
            </p>
          ) : null}
        </fieldset>
        <CheckboxField
          role="switch"
          label="Pay on delivery"
          hint="The shopper pays when the order arrives, in cash or by transfer, and you record the money on the order. It applies only in the zones that allow it, up to each zone's maximum order total (Settings → Shipping), for accounts with a confirmed email, one open order each."
          checked={payOnDelivery}
          onChange={(event) => setPayOnDelivery(event.currentTarget.checked)}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving...">
          Save Payment Settings
        </Button>
      </form>
    </Card>
  );
}
