package io.github.metatilefanout.engine.png;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.Inflater;

/** A strict reading of a PNG's structure: chunk order, lengths, CRCs, header fields and the zlib stream. */
final class PngStructure {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private static final List<String> CRITICAL = List.of("IHDR", "PLTE", "IDAT", "IEND");

    /** The bit depths the PNG specification allows for each colour type. */
    private static final Map<Integer, List<Integer>> BIT_DEPTHS = Map.of(
            0,
            List.of(1, 2, 4, 8, 16),
            2,
            List.of(8, 16),
            3,
            List.of(1, 2, 4, 8),
            4,
            List.of(8, 16),
            6,
            List.of(8, 16));

    record Chunk(String type, byte[] data) {}

    private PngStructure() {}

    /** Checks {@code png}, with the expected header fields, and returns its chunks. */
    static List<Chunk> check(byte[] png, int width, int height, int bitDepth, int colorType) throws Exception {
        List<Chunk> chunks = check(png, width, height);
        ByteBuffer header = ByteBuffer.wrap(chunks.get(0).data(), 8, 2);
        assertEquals(bitDepth, header.get(), "bit depth");
        assertEquals(colorType, header.get(), "colour type");
        return chunks;
    }

    /** Checks {@code png}, whatever its bit depth and colour type, and returns its chunks. */
    static List<Chunk> check(byte[] png, int width, int height) throws Exception {
        ByteBuffer in = ByteBuffer.wrap(png);
        byte[] signature = new byte[8];
        in.get(signature);
        assertArrayEquals(SIGNATURE, signature, "signature");
        List<Chunk> chunks = new ArrayList<>();
        CRC32 crc = new CRC32();
        while (in.hasRemaining()) {
            assertTrue(in.remaining() >= 12, "room for a chunk");
            int length = in.getInt();
            assertTrue(length >= 0 && length <= in.remaining() - 8, "chunk length " + length);
            byte[] typeAndData = new byte[4 + length];
            in.get(typeAndData);
            crc.reset();
            crc.update(typeAndData);
            assertEquals((int) crc.getValue(), in.getInt(), "CRC");
            byte[] data = new byte[length];
            System.arraycopy(typeAndData, 4, data, 0, length);
            chunks.add(new Chunk(new String(typeAndData, 0, 4, StandardCharsets.US_ASCII), data));
        }
        List<String> types = chunks.stream().map(Chunk::type).toList();
        assertEquals("IHDR", types.get(0), "IHDR first");
        assertEquals("IEND", types.get(types.size() - 1), "IEND last");
        assertEquals(0, chunks.get(chunks.size() - 1).data().length, "IEND empty");
        for (String type : types) {
            assertTrue(Character.isLowerCase(type.charAt(0)) || CRITICAL.contains(type), "known critical " + type);
            assertTrue(type.equals("IDAT") || types.indexOf(type) == types.lastIndexOf(type), "one " + type);
        }
        int firstIdat = types.indexOf("IDAT");
        int lastIdat = types.lastIndexOf("IDAT");
        assertTrue(firstIdat > 0, "an IDAT");
        assertTrue(types.subList(firstIdat, lastIdat + 1).stream().allMatch("IDAT"::equals), "IDATs consecutive");

        ByteBuffer header = ByteBuffer.wrap(chunks.get(0).data());
        assertEquals(13, header.remaining(), "IHDR length");
        assertEquals(width, header.getInt(), "width");
        assertEquals(height, header.getInt(), "height");
        int bitDepth = header.get();
        int colorType = header.get();
        assertTrue(
                BIT_DEPTHS.getOrDefault(colorType, List.of()).contains(bitDepth),
                "bit depth " + bitDepth + " for colour type " + colorType);
        assertEquals(0, header.get(), "compression method");
        assertEquals(0, header.get(), "filter method");
        assertEquals(0, header.get(), "interlace method");
        checkPalette(chunks, types, firstIdat, bitDepth, colorType);

        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        for (Chunk chunk : chunks.subList(firstIdat, lastIdat + 1)) {
            compressed.write(chunk.data());
        }
        int channels =
                switch (colorType) {
                    case 0, 3 -> 1;
                    case 4 -> 2;
                    case 2 -> 3;
                    default -> 4;
                };
        int rowBytes = (width * channels * bitDepth + 7) / 8;
        byte[] raw = inflate(compressed.toByteArray(), height * (rowBytes + 1));
        for (int y = 0; y < height; y++) {
            int filter = raw[y * (rowBytes + 1)];
            assertTrue(filter >= 0 && filter <= 4, "filter type " + filter + " on row " + y);
        }
        return chunks;
    }

    /**
     * PLTE exactly for palettes (this encoder writes no suggested palette), no longer than the bit depth
     * allows; tRNS after it, no longer than the palette and ending with an entry that is not opaque.
     */
    private static void checkPalette(
            List<Chunk> chunks, List<String> types, int firstIdat, int bitDepth, int colorType) {
        int plte = types.indexOf("PLTE");
        int trns = types.indexOf("tRNS");
        assertEquals(colorType == 3, plte >= 0, "PLTE only and always for palettes");
        if (plte >= 0) {
            int length = chunks.get(plte).data().length;
            assertTrue(length % 3 == 0 && length >= 3 && length / 3 <= 1 << bitDepth, "PLTE length " + length);
            assertTrue(plte < firstIdat, "PLTE before IDAT");
        }
        if (trns >= 0) {
            byte[] alphas = chunks.get(trns).data();
            assertTrue(trns < firstIdat && trns > plte, "tRNS after PLTE, before IDAT");
            assertTrue(colorType == 3, "tRNS only for palettes");
            assertTrue(alphas.length <= chunks.get(plte).data().length / 3, "tRNS no longer than PLTE");
            assertTrue(alphas.length > 0 && alphas[alphas.length - 1] != (byte) 0xFF, "tRNS trimmed");
        }
    }

    /** Inflates the zlib stream, which must hold exactly {@code expected} bytes and end there. */
    private static byte[] inflate(byte[] zlib, int expected) throws Exception {
        Inflater inflater = new Inflater();
        inflater.setInput(zlib);
        byte[] raw = new byte[expected + 1];
        int length = 0;
        while (!inflater.finished() && length < raw.length) {
            int n = inflater.inflate(raw, length, raw.length - length);
            assertTrue(n > 0 || inflater.finished(), "zlib stream truncated");
            length += n;
        }
        assertTrue(inflater.finished(), "zlib stream complete");
        assertEquals(0, inflater.getRemaining(), "nothing after the zlib stream");
        assertEquals(expected, length, "inflated length");
        inflater.end();
        byte[] exact = new byte[expected];
        System.arraycopy(raw, 0, exact, 0, expected);
        return exact;
    }
}
