import { useSearchParams } from '../../shared/router';
import { MessageList } from './components/MessageList';
import { MessageView } from './components/MessageView';
import './inbox.css';

/** /m/webEmail and /m/message: the message centre; `?id=` opens one message. */
export default function InboxScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id && /^[1-9]\d{0,15}$/.test(id) ? <MessageView key={id} id={id} /> : <MessageList />;
}
