import { BUYING, listTour } from './list-tour'

listTour({ width: 1366, height: 900 }, BUYING)
