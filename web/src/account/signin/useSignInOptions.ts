import { useEffect, useState } from 'react';
import { fetchSignInOptions, type SignInOptions } from '../../shared/api/account';

/**
 * The configured third-party client ids and reCAPTCHA site key (`GET
 * /account/sign-in-options`, asked once per page); null until known. A failure counts as
 * nothing configured.
 */
export function useSignInOptions(): SignInOptions | null {
  const [options, setOptions] = useState<SignInOptions | null>(null);
  useEffect(() => {
    let live = true;
    void fetchSignInOptions().then((value) => {
      if (live) setOptions(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return options;
}
