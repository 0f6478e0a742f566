/** The project-folder feature's public surface: what other features and the app use. */
export { ProjectFolderTab } from './components/project-folder-tab';
