import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { captureTokenFromUrl } from '@/lib/auth-token';
import { applyTheme, storedTheme } from '@/lib/theme';
import './index.css';

// Before anything reads the token or the router records the address.
captureTokenFromUrl();
// The last theme this browser saw, before the first paint; the settings' theme replaces it once loaded.
applyTheme(storedTheme());
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
