/** An address as orders and saved addresses hold it. */
export type AddressLines = {
  fullName: string;
  address: string;
  city: string;
  state: string;
  phone: string;
  email: string;
};

/**
 * A postal address, one part a line: the name (bold), the street, city and state, the phone and
 * the email. `withName={false}` when the name is written above it already.
 */
export function AddressBlock({
  address,
  withName = true,
  className = '',
}: {
  address: AddressLines;
  withName?: boolean;
  className?: string;
}) {
  return (
    <address className={`text-sm not-italic leading-6 wrap-anywhere ${className}`}>
      {withName ? (
        <>
          <span className="font-semibold">{address.fullName}</span>
          <br />
        </>
      ) : null}
      {address.address}
      <br />
      {address.city}, {address.state}
      <br />
      {address.phone}
      <br />
      <span className="break-all">{address.email}</span>
    </address>
  );
}
