import { Badge } from '../../../components/ui/badge';

/** Money to give back on this order (a second payment, or a payment for a cancelled order). */
export function RefundDueBadge() {
  return <Badge className="bg-red-700 tracking-wide text-white">REFUND DUE</Badge>;
}
