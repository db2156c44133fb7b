// @paystack/inline-js ships no types; this is the part of its documented API the payment page uses
// (https://github.com/PaystackOSS/paystack-inline-js#readme).
declare module '@paystack/inline-js' {
  export interface PaystackCallbacks {
    onSuccess?: (transaction: { id: number; reference: string; message: string }) => void;
    onCancel?: () => void;
    onError?: (error: { message: string }) => void;
    onLoad?: (response: { id: number; accessCode: string }) => void;
  }
  export default class PaystackPop {
    resumeTransaction(accessCode: string, callbacks?: PaystackCallbacks): unknown;
  }
}
