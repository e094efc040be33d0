import { roleStory, SCREENS } from './role-story'

roleStory(SCREENS.phone, 'request')
