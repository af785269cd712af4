package io.github.metatilefanout.engine.png;

/** The PNG row filters, and adaptive choice per row. */
public enum PngFilter {
    /** Rows as they are: the fastest, and for rendered maps usually the smallest. */
    NONE(0),
    SUB(1),
    UP(2),
    AVERAGE(3),
    PAETH(4),
    /** Per row, the filter whose output has the smallest sum of absolute values. */
    ADAPTIVE(-1);

    private final int type;

    PngFilter(int type) {
        this.type = type;
    }

    /** The filter type byte written before each row; {@code -1} for {@link #ADAPTIVE}. */
    int type() {
        return type;
    }

    /** The Paeth predictor: of the left, upper and upper-left samples, the one nearest {@code left + up - upLeft}. */
    static int paeth(int left, int up, int upLeft) {
        int estimate = left + up - upLeft;
        int toLeft = Math.abs(estimate - left);
        int toUp = Math.abs(estimate - up);
        int toUpLeft = Math.abs(estimate - upLeft);
        if (toLeft <= toUp && toLeft <= toUpLeft) {
            return left;
        }
        return toUp <= toUpLeft ? up : upLeft;
    }
}
