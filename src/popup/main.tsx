import { render } from 'preact';
import '../ui/theme.css';

function Popup() {
  return <main>Keyhole</main>;
}

render(<Popup />, document.getElementById('app')!);
