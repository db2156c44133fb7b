import { useQueryClient } from '@tanstack/react-query';
import { liveTopics, useLive } from '../../../lib/live';
import { adminKeys } from '../query-keys';
import { SectionHeading } from '../section-heading';
import { ReconciliationPanel } from './reconciliation-panel';
import { RefundsPanel } from './refunds-panel';

/**
 * The admin panel's Payments section (?tab=payments): the money the shop owes shoppers and the
 * refunds it made by itself, and the book checked against Paystack over a period.
 */
export default function PaymentsSection() {
  const queryClient = useQueryClient();
  // A payment, a refund or a cancellation anywhere moves what is owed.
  useLive([liveTopics.adminOrders], () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.payments.refundLists() });
  });
  return (
    <>
      <SectionHeading
        title="Payments"
        description="Money going back to shoppers, and the shop's book checked against Paystack."
      />
      <RefundsPanel />
      <ReconciliationPanel />
    </>
  );
}
