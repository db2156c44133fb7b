import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { usePaymentSettings } from './settings-api';

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

/**
 * Settings → Payment: read-only. The keys live in the server's environment; the secret key is
 * never stored or shown (docs/decisions/2026-11-23-payment-settings.md).
 */
export function PaymentPanel() {
  const query = usePaymentSettings();
  const [copied, setCopied] = useState(false);
  if (query.isPending) return <Loading what="payment settings" />;
  if (query.isError) {
    return <LoadError message="Failed to load payment settings" onRetry={() => void query.refetch()} />;
  }
  const { mode, publicKey, webhookUrl } = query.data;
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
