import type { HeadArgs, HeadTag } from '../lib/route-module';

export function head({ origin }: HeadArgs<unknown>): HeadTag[] {
  return [
    { title: 'Terms of Service | Naija Street' },
    { name: 'description', content: 'The terms that apply when you shop with Naija Street.' },
    { rel: 'canonical', href: `${origin}/terms-of-service` },
  ];
}

const SECTIONS: { title: string; body: string[] }[] = [
  {
    title: 'Introduction',
    body: [
      'These terms apply to every purchase from the Naija Street online shop. By placing an order you agree to them. If you do not agree, please do not use the shop.',
    ],
  },
  {
    title: 'Your account',
    body: [
      'You are responsible for keeping your password safe and for everything done with your account. Tell us straight away if you think someone else has used it.',
      'We may suspend accounts used for fraud or abuse.',
    ],
  },
  {
    title: 'Products and availability',
    body: [
      'We show our products as accurately as we can; colours can look slightly different on different screens. Stock is limited and an item is only reserved for you once your order is placed.',
    ],
  },
  {
    title: 'Prices and payment',
    body: [
      'Prices are in Nigerian naira (NGN) and include VAT where it applies. Shipping is added at checkout.',
      'Card payments are processed securely by Paystack; we never see or store your card details. An order that is not paid within 30 minutes is cancelled and its items go back on sale; a bank transfer or USSD payment your bank is still confirming keeps it for up to 3 hours.',
    ],
  },
  {
    title: 'Orders',
    body: [
      'Your order is accepted when your payment is confirmed. We may cancel an order and refund you in full if an item turns out to be unavailable or the price was clearly wrong.',
    ],
  },
  {
    title: 'Shipping and delivery',
    body: [
      'Delivery times and fees are described in our Shipping Policy. Risk in the goods passes to you on delivery.',
    ],
  },
  {
    title: 'Returns and refunds',
    body: [
      'You may return unworn items with their tags within 14 days of delivery for a refund of the item price. Refunds go back to the card you paid with within 10 business days of us receiving the return.',
    ],
  },
  {
    title: 'Mystery and scratchcard items',
    body: [
      'Mystery and scratchcard designs are chosen by chance. Ordering 5 or more will likely include duplicates. A scratchcard must be returned unused to be refunded.',
    ],
  },
  {
    title: 'Intellectual property',
    body: [
      'The Naija Street name, logo, designs, photos and text belong to us. You may not copy or sell them without our written permission.',
    ],
  },
  {
    title: 'Limitation of liability',
    body: [
      'Nothing in these terms limits your rights as a consumer under Nigerian law. Beyond those rights, our liability for any order is limited to the amount you paid for it.',
    ],
  },
  {
    title: 'Changes and contact',
    body: [
      'We may update these terms; the version on this page when you order applies to that order. Questions? Write to support@naijastreet.ng.',
    ],
  },
];

export default function TermsOfService() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-black">Terms of Service</h1>
      <ol className="mt-8 space-y-8">
        {SECTIONS.map((section, index) => (
          <li key={section.title}>
            <section aria-labelledby={`terms-${index + 1}`}>
              <h2 id={`terms-${index + 1}`} className="text-xl font-bold">
                {index + 1}. {section.title}
              </h2>
              {section.body.map((paragraph) => (
                <p key={paragraph} className="mt-2 text-neutral-700">
                  {paragraph}
                </p>
              ))}
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}
