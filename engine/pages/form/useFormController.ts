import { useEffect, useState, useSyncExternalStore } from 'react';
import type { NormalisedScreen } from '../../screens/types';
import { createFormController, type FormController, type FormDeps, type FormState } from './formController';

/** One controller per mounted form page (remount it for another id or language). */
export function useFormController(
  screen: NormalisedScreen,
  deps: FormDeps,
  params: { id?: string },
): [FormState, FormController] {
  const [controller] = useState(() => createFormController(screen, deps, params));
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    void controller.load();
  }, [controller]);
  return [state, controller];
}
