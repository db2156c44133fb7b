import type { ReactNode } from 'react';

/**
 * Sign out however early it is pressed: a plain form the browser posts to the server
 * (POST /logout signs out and goes home, which then says so) until the page's script has taken
 * over, then `onSignOut`, the page's own sign-out. `children` holds its submit button.
 */
export function SignOutForm({
  onSignOut,
  className = 'contents',
  children,
}: {
  onSignOut: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action="/logout"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSignOut();
      }}
    >
      {children}
    </form>
  );
}
