import { useEffect, useRef } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { toast } from '../components/ui/toast';
import { paths } from '../paths';
import { onSessionExpired } from './api';
import { useSession } from './session';

/** Activity that keeps a session alive: mouse, keys, scrolling, touch. */
const ACTIVITY = ['mousemove', 'mousedown', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;
/** Shared by the shop's tabs, so reading in one tab keeps the others signed in too. */
const LAST_ACTIVITY_KEY = 'naija-street.last-activity';
/** How often activity is written for the other tabs (cheap: not on every mouse move). */
const SHARE_EVERY_MS = 15_000;

function readShared(): number {
  try {
    return Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeShared(at: number) {
  try {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Storage full or blocked: each tab then keeps its own time, which is still safe.
  }
}

/**
 * Idle sign-out in the browser (the server enforces the same limit on every request): after
 * user.idleTimeoutMinutes without activity (30 shoppers, 15 admins) the visitor is signed out and
 * sent to the login page, which brings them back afterwards. No timer while signed out. Also
 * reacts when an API answer says the server already ended the session for inactivity.
 */
export function useIdleSignOut() {
  const { user, signOut, refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef<Location>(location);
  here.current = location;
  const signedIn = useRef(false);
  signedIn.current = user !== null;
  const minutes = user?.idleTimeoutMinutes ?? 0;

  useEffect(() => {
    const sendToLogin = () => {
      toast.info('You have been signed out', 'You were inactive for a while. Please log in again.');
      // Built here rather than with guards.ts, which stays out of every page's first download;
      // the login page checks the redirect target anyway.
      const back = here.current.pathname + here.current.search;
      navigate(`${paths.login}?redirect=${encodeURIComponent(back)}`, { replace: true });
    };

    const stopListening = onSessionExpired(() => {
      if (!signedIn.current) return;
      signedIn.current = false;
      void refresh()
        .catch(() => null)
        .then((next) => {
          if (!next) sendToLogin();
        });
    });
    if (minutes <= 0) return stopListening;

    const limitMs = minutes * 60_000;
    let last = Date.now();
    let sharedAt = last;
    writeShared(last);
    const onActivity = () => {
      last = Date.now();
      if (last - sharedAt > SHARE_EVERY_MS) {
        sharedAt = last;
        writeShared(last);
      }
    };
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      // Timers are late on a sleeping phone: decide from the clock, not from the timer.
      const remaining = Math.max(last, readShared()) + limitMs - Date.now();
      if (remaining > 0) {
        timer = setTimeout(check, remaining);
        return;
      }
      signedIn.current = false;
      signOut()
        .catch(() => undefined)
        .finally(sendToLogin);
    };
    timer = setTimeout(check, limitMs);
    for (const name of ACTIVITY) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      stopListening();
      clearTimeout(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [minutes, signOut, refresh, navigate]);
}

/** The watch as a component, loaded once a visitor is signed in (app.tsx). */
export default function IdleSignOut() {
  useIdleSignOut();
  return null;
}
