import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An object URL of the file being previewed, and the function that shows another (or none): the previous URL is
 * revoked when it is replaced, and the last one when the component unmounts.
 */
export function useObjectUrl(): [string | null, (file: Blob | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const made = useRef<string | null>(null);
  const show = useCallback((file: Blob | null) => {
    if (made.current) URL.revokeObjectURL(made.current);
    made.current = file ? URL.createObjectURL(file) : null;
    setUrl(made.current);
  }, []);
  useEffect(() => {
    const holder = made;
    return () => {
      if (holder.current) URL.revokeObjectURL(holder.current);
      holder.current = null;
    };
  }, []);
  return [url, show];
}
