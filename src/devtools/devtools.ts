// The devtools_page only registers the panel; the panel page does the work.
chrome.devtools.panels.create('Keyhole', '/icons/icon-32.png', '/src/devtools/panel.html');
