package org.petstore.inventory.adapter.http.body;

import java.util.List;

/** The request bodies of a feature that {@link StrictJson} reads: one bean per feature. */
public interface BodyShapes {

    List<? extends BodyShape> bodies();
}
