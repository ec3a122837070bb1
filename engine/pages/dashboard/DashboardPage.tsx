// The dashboard page kind, as the screen host renders it (a screen of kind dashboard at its own route).
import { useState } from 'react';
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedScreen } from '../../screens/types';
import { userStore } from '../../session/userStore';
import { useStore } from '../../store/createStore';
import { usePageDeps } from '../usePageDeps';
import DashboardView from './DashboardView';
import { createDashboardController } from './dashboardController';
import './dashboard.css';

export function useDashboard(screen: NormalisedScreen) {
  const deps = usePageDeps();
  const supplierNo = useStore(userStore).info?.supplierNo;
  const side = supplierNo ? 'supplier' : 'purchaser';
  const [controller] = useState(() =>
    createDashboardController(screen.dashboard!, screen.service, screen.menuNo, side, deps),
  );
  return controller;
}

export default function DashboardPage({ screen }: { screen: NormalisedScreen; menu: MenuFlags }) {
  const controller = useDashboard(screen);
  return (
    <div className="page-card">
      <DashboardView controller={controller} />
    </div>
  );
}
