package org.petstore.inventory.adapter.http.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The grammar of If-Match and If-None-Match (RFC 9110 §8.8.3, §13.1.1, §13.1.2) and the two comparisons. */
class EntityTagTest {

    @Test
    void writesStrongAndWeakTagsAsHeaderValues() {
        assertEquals("\"2.5\"", EntityTag.strong("2.5").toString());
        assertEquals("W/\"3.7\"", EntityTag.weak("3.7").toString());
    }

    @Test
    void comparesStronglyOnlyStrongTags() {
        assertTrue(EntityTag.strong("1").strongMatch(EntityTag.strong("1")));
        assertFalse(EntityTag.strong("1").strongMatch(EntityTag.weak("1")));
        assertFalse(EntityTag.weak("1").strongMatch(EntityTag.strong("1")));
        assertFalse(EntityTag.weak("1").strongMatch(EntityTag.weak("1")));
        assertFalse(EntityTag.strong("1").strongMatch(EntityTag.strong("2")));
    }

    @Test
    void comparesWeaklyTheOpaqueStringsWhateverTheirStrength() {
        assertTrue(EntityTag.weak("1").weakMatch(EntityTag.weak("1")));
        assertTrue(EntityTag.weak("1").weakMatch(EntityTag.strong("1")));
        assertTrue(EntityTag.strong("1").weakMatch(EntityTag.weak("1")));
        assertFalse(EntityTag.weak("1").weakMatch(EntityTag.weak("2")));
    }

    @Test
    void readsAStarAlone() {
        assertEquals(Optional.of(new EntityTag.AnyTag()), EntityTag.parseCondition(List.of("*")));
        assertEquals(Optional.of(new EntityTag.AnyTag()), EntityTag.parseCondition(List.of(" * ")));
    }

    @Test
    void readsOneTagOrAListOfTagsOverSeveralFieldLines() {
        assertEquals(Optional.of(new EntityTag.OneOf(List.of(EntityTag.strong("2.5")))),
                EntityTag.parseCondition(List.of("\"2.5\"")));
        assertEquals(Optional.of(new EntityTag.OneOf(List.of(EntityTag.strong("2.5"), EntityTag.weak("x"),
                        EntityTag.strong(""), EntityTag.strong("a!#~\u00e9"), EntityTag.strong("3.1")))),
                EntityTag.parseCondition(List.of(" \"2.5\",W/\"x\" , \"\",,\t\"a!#~\u00e9\"", "\"3.1\"")));
    }

    @Test
    void readsAnEmptyListAsNamingNothing() {
        assertEquals(Optional.of(new EntityTag.OneOf(List.of())), EntityTag.parseCondition(List.of("")));
        assertEquals(Optional.of(new EntityTag.OneOf(List.of())), EntityTag.parseCondition(List.of(" , ,")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.5", "w/\"2.5\"", "W/2.5", "\"2.5", "\"2.5\" \"3.1\"", "*, \"2.5\"", "\"2.5\", *",
            "**", "\"a\"b\"", "W/ \"2.5\"", "\"tab\there\"", "\"a b\""})
    void refusesWhatIsNotTheGrammar(String value) {
        assertEquals(Optional.empty(), EntityTag.parseCondition(List.of(value)));
    }

    @Test
    void refusesAStarBesideTagsOnAnotherFieldLine() {
        assertEquals(Optional.empty(), EntityTag.parseCondition(List.of("*", "\"2.5\"")));
    }
}
