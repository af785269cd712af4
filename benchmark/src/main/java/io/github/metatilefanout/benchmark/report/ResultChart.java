package io.github.metatilefanout.benchmark.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Objects;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** A bar chart per table of one figure: a group per scenario, a bar per strategy, log axis past {@value #LOG_SPAN}x. */
public final class ResultChart {

    static final int WIDTH = 1000;
    static final int CHART_HEIGHT = 360;
    static final double LOG_SPAN = 20;

    private ResultChart() {}

    /** Writes the charts one below the other to {@code png}; false when there is none. */
    public static boolean write(List<Summary.Grid> grids, Path png) throws IOException {
        List<CategoryChart> charts = grids.stream()
                .filter(grid -> grid.table().figures().size() == 1)
                .map(ResultChart::chart)
                .toList();
        if (!charts.isEmpty()) {
            BitmapEncoder.saveBitmap(charts, charts.size(), 1, png.toString(), BitmapFormat.PNG);
        }
        return !charts.isEmpty();
    }

    private static CategoryChart chart(Summary.Grid grid) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(CHART_HEIGHT)
                .title(grid.title())
                .xAxisTitle(String.join(", ", grid.varying()))
                .build();
        List<String> labels = grid.rows().stream()
                .map(row -> grid.varying().isEmpty() ? "all" : grid.label(row))
                .toList();
        DoubleSummaryStatistics range = new DoubleSummaryStatistics();
        for (String owner : grid.owners()) {
            // no bar where nothing was measured
            List<Double> values = grid.rows().stream()
                    .map(row -> grid.value(row, owner) > 0 ? grid.value(row, owner) : null)
                    .toList();
            values.stream().filter(Objects::nonNull).forEach(range::accept);
            chart.addSeries(owner, labels, values);
        }
        chart.getStyler().setXAxisLabelRotation(45);
        if (range.getMax() / range.getMin() > LOG_SPAN) {
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisMin(range.getMin() / 2);
        }
        return chart;
    }
}
