import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { removeBootFrameOnFirstRender } from './lib/boot-frame';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
removeBootFrameOnFirstRender(root);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
