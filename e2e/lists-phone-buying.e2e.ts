import { BUYING, listTour } from './list-tour'

listTour({ width: 390, height: 844 }, BUYING)
