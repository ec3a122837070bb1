// A page for e2e/widgets.e2e.ts: a form from an inline screen holding the widgets no organisation
// screen uses (remote selects with a dependency, the user picker, an editable table, the document-type
// selector under its document organisation), rendered by the
// engine's own form controller and widget registry against the real server and the real request layer.
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import en from '@locales/en-US.json';
import { App as AntdApp, Button } from 'antd';
import i18n from 'i18next';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import '../../engine/host/widgets';
import { createFormController } from '../../engine/pages/form/formController';
import { request, setCurrentModuleNumber } from '../../engine/request';

import { normaliseScreen } from '../../engine/screens/normalise';
import { storeUserInfo, userStore } from '../../engine/session/userStore';
import { SchemaField } from '../../engine/widgets/SchemaField';
import type { UserInfo } from '../../schemas/generated/user-info';
import { HARNESS_SCREEN } from './screen';

// Typed as a screen file (e2e/harness/screen.ts): the product build carries no runtime schema
// validator, whose compiled checks would need the eval the page's Content-Security-Policy forbids.
const screen = normaliseScreen(HARNESS_SCREEN, 'harness.json');

function Harness() {
  const [controller] = useState(() => {
    const user = userStore.get();
    return createFormController(
      screen,
      {
        request,
        navigate: () => undefined,
        confirm: async () => true,
        success: () => undefined,
        t: (key, params) => i18n.t(key, params),
        session: { orgNo: user.info?.orgNo, orgNos: user.orgList.map((o) => o.orgNo) },
      },
      {},
    );
  });
  const [result, setResult] = useState('');
  return (
    <div className="screen-form" style={{ padding: 24 }}>
      <FormProvider form={controller.form}>
        <FormLayout labelWidth={150}>
          <SchemaField schema={controller.schema} />
        </FormLayout>
      </FormProvider>
      <Button
        data-action="validate"
        onClick={() =>
          controller.form.validate().then(
            () => setResult(`valid ${JSON.stringify(controller.form.values)}`),
            () => setResult('invalid'),
          )
        }
      >
        Validate
      </Button>
      <pre id="result">{result}</pre>
    </div>
  );
}

async function start() {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } } });
  // As the router does for a route: the calls go out under the screen's menu.
  setCurrentModuleNumber(HARNESS_SCREEN.menuNo);
  const info = await request<UserInfo>('ISrmBmLoginService/getUserInfo', {});
  storeUserInfo(info);
  createRoot(document.getElementById('root')!).render(
    <AntdApp>
      <Harness />
    </AntdApp>,
  );
}

void start();
