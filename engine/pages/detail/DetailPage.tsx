// The detail page: the record of the :id route parameter, shown by the detail kind's view.
import { useParams } from 'react-router-dom';
import type { MenuFlags } from '../../screens/flags';
import { recordIdOf } from '../../screens/rowActions';
import type { NormalisedScreen } from '../../screens/types';
import { DetailView } from './DetailView';

export default function DetailPage({ screen, menu }: { screen: NormalisedScreen; menu: MenuFlags }) {
  const id = recordIdOf(useParams());
  return <DetailView key={id} screen={screen} menu={menu} id={id} />;
}
