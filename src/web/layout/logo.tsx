import { useState } from 'react';

const LOCAL_LOGO = '/logo.svg';
/** The public URL of the logo in the 'logo' storage bucket, used when the local file fails. */
export const BUCKET_LOGO = '/storage/logo/logo.svg';

export function Logo() {
  const [src, setSrc] = useState(LOCAL_LOGO);
  return (
    <img
      src={src}
      alt="Naija Street"
      width={160}
      height={32}
      className="h-7 w-auto sm:h-8"
      onError={() => {
        if (src !== BUCKET_LOGO) setSrc(BUCKET_LOGO);
      }}
    />
  );
}
