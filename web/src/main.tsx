import './styles/index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { i18nReady } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A saved language other than English loads its strings first, so the first paint is already in it.
void i18nReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
