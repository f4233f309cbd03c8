import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';
import type { ConfirmOptions } from './ConfirmDialog';

// The dialog (Mantine Modal, focus trap, scroll lock) loads on first use, not with every screen.
const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

type OpenConfirm = (options: ConfirmOptions) => void;
const ConfirmContext = createContext<OpenConfirm | null>(null);

/** Hosts one confirm dialog for the app, opened imperatively with `useConfirm()`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback<OpenConfirm>((next) => {
    setOptions(next);
    setOpened(true);
  }, []);
  return (
    <ConfirmContext value={open}>
      {children}
      {options && (
        <Suspense fallback={null}>
          <ConfirmDialog {...options} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </ConfirmContext>
  );
}

/** `const confirm = useConfirm(); confirm({ title, message, onConfirm })`. */
export function useConfirm(): OpenConfirm {
  const open = useContext(ConfirmContext);
  if (!open) throw new Error('useConfirm must be used inside ConfirmProvider');
  return open;
}
