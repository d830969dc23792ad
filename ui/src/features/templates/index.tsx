/** Message templates: the chat box's template panel and editor (plugged into the chat dock where it is mounted). */
export { TemplatePanel } from './components/template-panel'
