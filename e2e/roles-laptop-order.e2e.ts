import { roleStory, SCREENS } from './role-story'

roleStory(SCREENS.laptop, 'order')
