import { useCallback, useState } from 'react';

import { GEOLOCATION_OPTIONS } from '@pathways/shared/common/constants';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const reasons: Record<number, string> = {
  1: 'Location access was refused. Allow it in your browser settings, or search for your area instead.',
  2: 'Your location could not be found. Search for your area instead.',
  3: 'Finding your location took too long. Try again, or search for your area instead.',
};

/**
 * The browser's position, asked for with high accuracy, a 5000 ms
 * timeout and no cached position.
 */
export function getCurrentPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('This browser cannot share your location. Search for your area instead.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => reject(new Error(reasons[error.code] ?? reasons[2])),
      { ...GEOLOCATION_OPTIONS },
    );
  });
}

/** getCurrentPosition with a pending flag for a "Use my location" button. */
export function useCurrentPosition() {
  const [isLocating, setLocating] = useState(false);
  const locate = useCallback(async () => {
    setLocating(true);
    try {
      return await getCurrentPosition();
    } finally {
      setLocating(false);
    }
  }, []);
  return { locate, isLocating };
}
