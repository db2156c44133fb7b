-- Size guides per kind of product (tops, bottoms, hats), kept in the database so the admin can edit
-- them. A product's guide is the one whose category_slugs hold its category's slug or one of its
-- parents' (a graphic tee: 'graphic-tees' → 'tshirts'). A product with none shows no guide.
CREATE TABLE size_guides (
  kind text PRIMARY KEY CHECK (kind IN ('tops', 'bottoms', 'hats')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  -- Column headings, the first one naming the size: ["Size", "Chest (inches)", …].
  columns jsonb NOT NULL CHECK (jsonb_typeof(columns) = 'array' AND jsonb_array_length(columns) BETWEEN 2 AND 6),
  -- One array of texts per size, as many as there are columns.
  rows jsonb NOT NULL CHECK (jsonb_typeof(rows) = 'array'),
  note text NOT NULL DEFAULT '',
  category_slugs text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO size_guides (kind, title, columns, rows, note, category_slugs) VALUES
  ('tops', 'Tops',
   '["Size", "Chest (inches)", "Length (inches)"]',
   '[["XS", "34-36", "26"], ["SMALL", "36-38", "27"], ["MEDIUM", "38-40", "28"], ["LARGE", "40-42", "29"], ["XL", "42-44", "30"], ["XXL", "44-46", "31"]]',
   'Measure around the fullest part of your chest, under the arms. Length runs from the highest point of the shoulder to the hem. Between two sizes? Take the larger one for a relaxed fit.',
   '{tshirts,tops,sweatshirts,jackets,knitwear}'),
  ('bottoms', 'Joggers',
   '["Size", "Waist (inches)", "Inside leg (inches)"]',
   '[["XS", "26-30", "31"], ["SMALL", "28-32", "33"], ["MEDIUM", "30-34", "34"], ["LARGE", "32-36", "35"], ["XL", "34-38", "35"]]',
   'Measure around your natural waist, and along the inside of your leg from the crotch to the ankle. Between two sizes? Take the larger one for a relaxed fit.',
   '{bottoms,denim}'),
  ('hats', 'Hats',
   '["Size", "Head (inches)", "Head (cm)"]',
   '[["S/M", "21¼-22", "54-56"], ["L/XL", "22½-23¼", "57-59"], ["One Size", "21¼-23½ (adjustable)", "54-60"]]',
   'Measure around your head, about 1 cm above the ears and across the forehead.',
   '{hats}');
