import type { ComponentProps, ReactNode } from 'react';

type HeadedSectionProps = Omit<ComponentProps<'section'>, 'id' | 'title'> & {
  as?: 'section' | 'nav';
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: ReactNode;
  headingClassName?: string;
};

/** A section (or a nav) named by its own h2 through `aria-labelledby`. */
export function HeadedSection({ as: Tag = 'section', id, title, headingClassName, children, ...props }: HeadedSectionProps) {
  return (
    <Tag aria-labelledby={id} {...props}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
