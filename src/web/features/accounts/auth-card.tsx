import type { ReactNode } from 'react';

/** The centred card the sign-in, registration and password pages share. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="text-center text-2xl font-black tracking-tight sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-2 text-center text-sm text-neutral-600">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}
